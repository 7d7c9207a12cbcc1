# Stand-in for the langchain-protocol distribution, which the package mirror reachable from
# these machines lacks. langchain-core imports it only for type names, so every name is `dict`.
from setuptools import setup

setup(name="langchain-protocol", version="0.0.99", packages=["langchain_protocol"])
