/// A kernel's parallel step, created once with the kernel: `body(arguments, chunk)` for every chunk, with the
/// per-frame arguments (input views, output buffer) set just for the call. Running it allocates nothing.
///
/// <!-- snippet: skip (two lines from a kernel class, its init and its per-frame method: TextureUploader.swift is a whole one) -->
/// ```swift
/// job = PoolJob { [unowned self] (frame: Frame, band: Int) in self.renderBand(band, frame) }   // in init
/// job.run(on: pool, chunks: bands, with: Frame(depth: depth, output: output))                  // per frame
/// ```
public final class PoolJob<Arguments>: ChunkRunner, @unchecked Sendable {
    private var arguments: Arguments?
    private let body: (Arguments, Int, Int) -> Void

    public init(_ body: @escaping (Arguments, Int) -> Void) { self.body = { arguments, chunk, _ in body(arguments, chunk) } }

    /// A step that also learns which worker runs the chunk: `body(arguments, chunk, worker)`, `worker` in
    /// `0..<pool.threads` and never the same for two chunks running at once (per-worker scratch needs no lock).
    public init(perWorker body: @escaping (Arguments, Int, Int) -> Void) { self.body = body }

    /// Runs every chunk in `0..<chunks` over `pool` with these arguments; returns when all are done.
    /// One call at a time per job.
    public func run(on pool: WorkerPool, chunks: Int, with arguments: Arguments) {
        self.arguments = arguments
        defer { self.arguments = nil }
        pool.run(chunks: chunks, self)
    }

    func runChunk(_ chunk: Int, worker: Int) { body(arguments!, chunk, worker) }
}
