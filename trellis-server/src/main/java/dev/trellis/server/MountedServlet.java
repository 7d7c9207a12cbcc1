package dev.trellis.server;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The API as a servlet mapped at {@code <path>/*} in someone else's container: the API's routes
 * are matched on the part of the URI after the mapping, so each request is shown to the API with
 * the mapping folded into its context path.
 */
final class MountedServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient HttpServlet api;

  MountedServlet(HttpServlet api) {
    this.api = api;
  }

  @Override
  public void init() throws ServletException {
    api.init(getServletConfig());
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse res) throws ServletException, IOException {
    String mount = req.getContextPath() + req.getServletPath();
    api.service(new HttpServletRequestWrapper(req) {
      @Override
      public String getContextPath() {
        return mount;
      }
    }, res);
  }

  @Override
  public void destroy() {
    api.destroy();
  }
}
