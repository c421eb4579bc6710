// FrameLoop module: see the issue that builds it.
