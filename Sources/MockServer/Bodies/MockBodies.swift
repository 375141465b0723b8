import APICheck
import Foundation
import Synchronization

/// The bytes each mock file is served with. Read through `MockDirectory` at start; afterwards
/// each file is looked at (one `stat`) at most once per `interval`, not on every request, and a
/// file whose inode, size or time changed is read again through the start-up checks: a fresh
/// `MockDirectory` read (a regular file, under the size cap, inside the mocks folder) and the
/// audit of `apicheck mocks` for that file (JSON, the envelope its scenario needs, a success
/// that decodes). An edit that fails them is logged once and the last good body kept. The file
/// of headers beside a mock (`MockHeaders`) is part of its answer: an edit of either, or one
/// added or removed, reads both again.
final class MockBodies: Sendable {
    struct Body: Sendable {
        var data: Data
        var document: JSONValue
        /// The answers built from `data`; a body read again starts a fresh set.
        var answers = PreparedAnswers()
        /// Whether a string of the body links to a server the mocks were recorded from: its
        /// answer is then made for each request, on the origin the request reached.
        var recordedLinks = false
        /// The headers the body is answered with, from its file of headers.
        var headers: [(name: String, value: String)]

        init(data: Data, document: JSONValue, headers: [(name: String, value: String)], origins: RecordedOrigins) {
            self.data = data
            self.document = document
            self.headers = headers
            recordedLinks = !origins.isEmpty && origins.linked(in: document)
        }
    }

    struct Entry {
        var body: Body?
        var stamp: FileStamp?
        /// The file of headers' stamp; nil while there is none.
        var headersStamp: FileStamp?
        var nextLook: ContinuousClock.Instant
        /// Counts the bodies this entry has served: a reload makes a new one.
        var version = 0
    }

    private let mocks: MockDirectory
    private let origins: RecordedOrigins
    private let interval: Duration
    private let log: (@Sendable (String) -> Void)?
    private let entries: [MockFileName: Slot]
    private let looks = Atomic(0)

    final class Slot: Sendable {
        let path: String
        let headersPath: String
        let entry: Mutex<Entry>
        /// `entry`'s version and when its next look is due, kept beside it for `currentVersion`:
        /// a remembered answer asks on every request, from every pool thread, and taking the
        /// entry's lock for that bounced the lock between them. Written under the lock.
        private let version: Atomic<Int>
        /// Whether the body served now links to a recorded server, kept beside it for the same
        /// reason: every decision on an API that declares an environment asks.
        private let links: Atomic<Bool>
        /// Nanoseconds after `epoch`.
        private let nextLook: Atomic<Int64>
        private let epoch: ContinuousClock.Instant

        init(path: String, headersPath: String, _ entry: Entry, epoch: ContinuousClock.Instant) {
            self.path = path
            self.headersPath = headersPath
            self.epoch = epoch
            version = Atomic(entry.version)
            links = Atomic(entry.body?.recordedLinks ?? false)
            nextLook = Atomic(Self.nanoseconds(entry.nextLook - epoch))
            self.entry = Mutex(entry)
        }

        /// Whether the body served now links to a recorded server.
        var recordedLinks: Bool { links.load(ordering: .relaxed) }

        /// The version of the body served now without a look at the file; nil when a look is due.
        var currentVersion: Int? { currentVersion(at: .now) }

        /// The same at `now`, a time the caller read anyway. During a look the old due time,
        /// already past, is read: nil, and the caller waits for the look through `body(of:)`.
        func currentVersion(at now: ContinuousClock.Instant) -> Int? {
            // The due time first: the version stored before it is then at least as new.
            guard Self.nanoseconds(now - epoch) < nextLook.load(ordering: .acquiring) else { return nil }
            return version.load(ordering: .relaxed)
        }

        /// Publishes what `entry` holds once a look is over; called under its lock.
        func published(_ entry: Entry) {
            links.store(entry.body?.recordedLinks ?? false, ordering: .relaxed)
            version.store(entry.version, ordering: .relaxed)
            nextLook.store(Self.nanoseconds(entry.nextLook - epoch), ordering: .releasing)
        }

        private static func nanoseconds(_ duration: Duration) -> Int64 {
            let (seconds, attoseconds) = duration.components
            return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        }
    }

    /// - Parameters:
    ///   - files: the files to serve, all of `mocks.files` when nil.
    ///   - earlier: bodies kept before, whose slots are taken over as they are (body, version,
    ///     next look) for the files they hold.
    init(
        mocks: MockDirectory, files: [MockFileName]? = nil, origins: RecordedOrigins, interval: Double,
        log: (@Sendable (String) -> Void)?, taking earlier: MockBodies? = nil
    ) {
        self.mocks = mocks
        self.origins = origins
        self.interval = .seconds(max(0, interval))
        self.log = log
        var entries: [MockFileName: Slot] = [:]
        let now = ContinuousClock.now
        for file in files ?? mocks.files {
            if let slot = earlier?.entries[file] {
                entries[file] = slot
                continue
            }
            var entry = Entry(nextLook: now + .seconds(max(0, interval)))
            let endpoint = mocks.endpoint(of: file)
            let document = endpoint.map { mocks.document(of: file, answering: $0) } ?? mocks.document(of: file)
            // A broken file of headers failed the audit serve starts with, as a broken mock does.
            if case let .success(data) = mocks.data(of: file), case let .success(document) = document {
                let headers = (try? mocks.headers(of: file).get()) ?? []
                entry.body = Body(data: data, document: document, headers: headers, origins: origins)
                entry.stamp = FileStamp(path: mocks.path(of: file))
                entry.headersStamp = FileStamp(path: mocks.headersPath(of: file))
            }
            entries[file] = Slot(path: mocks.path(of: file), headersPath: mocks.headersPath(of: file), entry, epoch: now)
        }
        self.entries = entries
    }

    /// Looks at the files since start.
    var checks: Int { looks.load(ordering: .relaxed) }

    /// The body to serve now; nil when the file never had a good one.
    func body(of file: MockFileName, endpoint: AnyEndpoint) -> Body? {
        guard let slot = entries[file] else { return nil }
        let now = ContinuousClock.now
        return slot.entry.withLock { entry in
            guard now >= entry.nextLook else { return entry.body }
            entry.nextLook = now + interval
            defer { slot.published(entry) }
            looks.add(1, ordering: .relaxed)
            let stamp = FileStamp(path: slot.path), headersStamp = FileStamp(path: slot.headersPath)
            guard stamp != entry.stamp || headersStamp != entry.headersStamp else { return entry.body }
            let what = stamp != entry.stamp ? "mock \(file)" : "the headers of mock \(file)"
            entry.stamp = stamp
            entry.headersStamp = headersStamp
            switch reload(file, endpoint: endpoint) {
            case let .success(body):
                entry.body = body
                entry.version += 1
                log?("\(what) changed on disk: serving the new answer")
            case let .failure(reason):
                log?("\(what) changed on disk but \(reason); serving the last good answer")
            }
            return entry.body
        }
    }

    /// Whether the body served now links to a recorded server, without a look at the file: what
    /// a decision reads before the body is asked for, so a request looks at its file once.
    func recordedLinks(of file: MockFileName) -> Bool {
        entries[file]?.recordedLinks ?? false
    }

    /// The file read and audited as at start, from a fresh listing of the folder.
    /// The version of the body `body(of:endpoint:)` would give for `file` now without looking at
    /// the file, and where to ask again; nil when a look is due (or the file is unknown).
    func currentVersion(of file: MockFileName) -> (slot: Slot, version: Int)? {
        guard let slot = entries[file], let version = slot.currentVersion else { return nil }
        return (slot, version)
    }

    private func reload(_ file: MockFileName, endpoint: AnyEndpoint) -> Result<Body, ReloadFailure> {
        let fresh = MockDirectory(mocks.url, api: mocks.api, maxFileBytes: mocks.maxFileBytes)
        guard fresh.files.contains(file) else { return .failure(ReloadFailure("is gone")) }
        let data: Data, document: JSONValue
        switch (fresh.data(of: file), fresh.document(of: file, answering: endpoint)) {
        case let (.success(read), .success(parsed)):
            data = read
            document = parsed
        case let (.failure(error), _), let (_, .failure(error)):
            if case let .notJSON(parseError) = error.reason { return .failure(ReloadFailure("is not JSON (\(parseError.description))")) }
            return .failure(ReloadFailure("is refused (\(error.message))"))
        }
        if let problem = MockAudit(mocks: fresh).findings(of: file, endpoint: endpoint).first(where: { $0.severity == .error }) {
            let what = problem.kind == .decode ? "does not decode" : "fails the audit"
            return .failure(ReloadFailure("\(what) (\(problem.message))"))
        }
        // The audit above refused a broken file of headers.
        let headers = (try? fresh.headers(of: file).get()) ?? []
        return .success(Body(data: data, document: document, headers: headers, origins: origins))
    }

    private struct ReloadFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// What tells an edited file apart without reading it: inode, size, modification time and
/// status-change time. The last is what a same-size edit whose modification time was put back
/// (`cp -p`, `touch -r`) still moves: no call sets it but to the time of the change.
struct FileStamp: Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    var seconds: Int
    var nanoseconds: Int
    var changedSeconds: Int
    var changedNanoseconds: Int

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        changedSeconds = Int(info.st_ctim.tv_sec)
        changedNanoseconds = Int(info.st_ctim.tv_nsec)
    }
}
