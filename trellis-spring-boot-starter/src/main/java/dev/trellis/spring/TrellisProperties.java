package dev.trellis.spring;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Settings under {@code trellis.server}: where the LangGraph API is mounted and how many runs execute at once. */
@ConfigurationProperties("trellis.server")
public class TrellisProperties {
  /** The path the LangGraph API is served under on the application's web server. */
  private String path = "/langgraph";
  /** How many runs this process executes at once. */
  private int workerSlots = 16;

  public String getPath() {
    return path;
  }

  public void setPath(String path) {
    this.path = path;
  }

  public int getWorkerSlots() {
    return workerSlots;
  }

  public void setWorkerSlots(int workerSlots) {
    this.workerSlots = workerSlots;
  }
}
