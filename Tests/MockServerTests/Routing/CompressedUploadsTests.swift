import Dispatch
import Foundation
@testable import HTTPServer
@testable import MockServer
import Synchronization
import TestSupport
import Testing

/// A compressed upload may decode to the body cap from a few KiB: `serve` answers it from a queue
/// of its own, so that the pool thread that read it goes back to the other clients at once, and
/// decodes nothing for a client that left before its turn.
@Suite struct CompressedUploadsTests {
    let upload = ServerRequest(
        method: "POST", path: "/Api/Account/login", headers: [("Content-Encoding", "gzip")], body: Data([0x1f, 0x8b]))

    final class Calls: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test func onlyARequestWithABodyInACodingGoesToTheQueue() {
        #expect(RequestBodyDecoding.isEncoded(upload))
        #expect(!RequestBodyDecoding.isEncoded(ServerRequest(method: "POST", path: "/", headers: [("Content-Encoding", "gzip")])))
        #expect(!RequestBodyDecoding.isEncoded(ServerRequest(method: "POST", path: "/", body: Data("{}".utf8))))
    }

    @Test func theCallerHasADeferredAnswerBeforeTheBodyIsDecoded() {
        let uploads = CompressedUploads()
        let gate = DispatchSemaphore(value: 0)
        let response = uploads.answer(upload) { _ in
            // Were the handler run on the caller's thread, the caller would wait here, and the
            // deferral checked below would not be there.
            _ = gate.wait(timeout: .now() + .seconds(30))
            return ServerResponse(status: 413)
        }
        let deferred = response.deferred
        #expect(deferred != nil, "the compressed upload was answered on the caller's thread")
        #expect(deferred?.isSent == false)
        gate.signal()
        #expect(deferred?.wait().status == 413)
    }

    @Test func aClientThatLeftBeforeItsTurnCostsNoDecoding() {
        let uploads = CompressedUploads()
        let gate = DispatchSemaphore(value: 0)
        let calls = Calls()
        let first = uploads.answer(upload) { _ in
            // Bounded: were answers given on the caller's thread, this one would wait for a
            // signal the caller has not sent yet.
            _ = gate.wait(timeout: .now() + .seconds(30))
            return ServerResponse(status: 200)
        }
        let left = uploads.answer(upload) { _ in
            calls.count.add(1, ordering: .relaxed)
            return ServerResponse(status: 200)
        }
        left.deferred?.abandon()
        let after = uploads.answer(upload) { _ in ServerResponse(status: 201) }
        gate.signal()
        #expect(first.deferred?.wait().status == 200)
        // One at a time: the last answer comes after the turn of the one whose client left.
        #expect(after.deferred?.wait().status == 201)
        #expect(calls.count.load(ordering: .relaxed) == 0)
    }

    @Test func serveAnswersACompressedUploadFromTheQueueAndAnyOtherRequestAtOnce() throws {
        let harness = try ServeHarness()
        defer { harness.stop() }
        let login = ServerRequest(
            method: "POST", path: "/Api/Account/login",
            headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
            body: try Data(#"{"account": "demo", "password": "pw"}"#.utf8).gzipped())
        let deferred = harness.server.served(login).deferred
        #expect(deferred != nil, "a compressed upload was decoded on the server's thread")
        #expect(deferred?.wait().status == 200)
        #expect(harness.server.served(ServerRequest(method: "GET", path: "/Api/topics")).deferred == nil)
    }
}
