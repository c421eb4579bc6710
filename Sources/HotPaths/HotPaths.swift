/// HotPaths: the hot paths of an iOS LiDAR/AR camera pipeline as portable Swift kernels.
///
/// Every kernel has a faithful `reference` variant (the design documents' algorithm in straightforward Swift) and an
/// `optimized` one. This module knows nothing of the benchmark harness: an app could link it as it is.
public enum HotPathsModule {}
