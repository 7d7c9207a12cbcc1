"""Stand-in for the missing langchain-protocol distribution: every name is `dict`."""
def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return dict
