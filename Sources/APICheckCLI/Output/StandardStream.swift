import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's stdout or stderr, written with write(2) so that every failure is an error with its
/// errno: `FileHandle.write(_:)` traps on one (a full disk, a closed stream).
///
/// Two traps of the platform are defused once, before the first write: SIGPIPE is ignored, so a
/// reader that went away (`| head -0`) is EPIPE and not a killed process; and a descriptor 0, 1 or
/// 2 that was closed when the process started is held by /dev/null, so that the next file or
/// socket opened cannot take its number and receive the report. Such a stream counts as closed.
struct StandardStream: Sendable {
    struct WriteError: Error, Sendable, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    let descriptor: Int32
    let closedAtStart: Bool
    let isTerminal: Bool

    static let output = StandardStream(descriptor: 1)
    static let error = StandardStream(descriptor: 2)

    /// The descriptors among 0, 1 and 2 that were closed at start; computed once, first.
    private static let closedAtStart: Set<Int32> = {
        signal(SIGPIPE, SIG_IGN)
        var closed: Set<Int32> = []
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            closed.insert(descriptor)
            let null = open("/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
        return closed
    }()

    private init(descriptor: Int32) {
        self.descriptor = descriptor
        closedAtStart = Self.closedAtStart.contains(descriptor)
        isTerminal = !closedAtStart && isatty(descriptor) == 1
    }

    func write(_ text: String) throws(WriteError) {
        if closedAtStart { throw WriteError(reason: "the stream is closed") }
        // The text's own bytes, not a copy: a big OpenAPI document or report written to
        // stdout would otherwise be held twice at the end of the run.
        var text = text
        let failure: WriteError? = text.withUTF8 { bytes in
            do throws(WriteError) {
                try write(bytes)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(WriteError) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, base + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK {
                // A non-blocking descriptor inherited from the parent: wait until it drains.
                var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            throw WriteError(reason: String(cString: strerror(code)))
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
    #else
        Darwin.write(descriptor, bytes, count)
    #endif
}

extension StandardStream.WriteError: LocalizedError {
    var errorDescription: String? { reason }
}
