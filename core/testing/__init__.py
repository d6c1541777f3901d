"""The test kit: strategies and conformance checks any game plugin can run."""
