/// CaptureKernels: runs a hot path on a folder of `.npy` inputs and writes its `.npy` outputs
/// (`framebudget kernel <id> --in DIR --out DIR`).
public enum CaptureKernelsModule {}
