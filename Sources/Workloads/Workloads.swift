/// Workloads: deterministic synthetic inputs for the hot paths, generated from a seed.
///
/// The scenes stand in for what the iOS app receives from ARKit and its models (a LiDAR depth map with its
/// confidence, a relative-depth map, a camera frame). They are rendered analytically, so tests know the truth
/// (the metric depth of every pixel, the α and β that relate a relative map to it). Same seed, same bytes.
public enum WorkloadsModule {}
