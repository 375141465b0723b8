import APICheck
import Foundation
import Testing

/// A multipart upload's reproduce command sends the very bytes the run sent, a file's NULs and
/// line breaks included, with a secret text part as its variable.
@Suite struct ReproduceMultipartTests {
    /// What the `printf` of a command's `--data-binary @<(…)` writes, run by bash.
    static func bytes(writtenBy command: String, environment: [String: String]) throws -> Data {
        let printf = try #require(command.range(of: "@<(").map { String(command[$0.upperBound...].dropLast()) })
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", printf]
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let written = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return written
    }

    @Test func theCommandWritesTheBodyByteForByteWithTheSecretAsItsVariable() throws {
        let password = "hunter 2 %s '"
        let file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x00, 0x25, 0x27, 0x5C, 0xFF])
        let (body, boundary) = MultipartBody.encode([
            MultipartBody.Part(name: "user", content: Data("ada".utf8)),
            MultipartBody.Part(name: "password", content: Data(password.utf8)),
            MultipartBody.Part(name: "image", filename: "a.png", contentType: "image/png", content: file),
        ])
        let request = HTTPRequest(
            method: .post, url: URL(string: "http://x/upload")!,
            headers: [(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")], body: body)
        let sent = SentRequest(request, variables: [.init(value: password, name: "PASSWORD")], isSecret: { _ in false })
        #expect(sent.bodyIsBytes)
        let command = ReproduceCommand.curl(sent)
        #expect(!command.contains("hunter"))
        #expect(command.contains(#"--data-binary @<(printf -- '"#))

        // The printf in the command, run by bash with the variable set, writes the body sent.
        #expect(try Self.bytes(writtenBy: command, environment: ["PASSWORD": password]) == body)
    }

    /// A file sent as the body (bytes that are not UTF-8, a NUL) is written byte for byte too.
    @Test func aBinaryBodyIsWrittenByteForByte() throws {
        let file = Data([0x00, 0xFF, 0x27, 0x25, 0x0A, 0x5C, 0x41])
        let request = HTTPRequest(
            method: .put, url: URL(string: "http://x/avatar")!, headers: [(name: "Content-Type", value: "image/png")], body: file)
        let sent = SentRequest(request, variables: [], isSecret: { _ in false })
        #expect(sent.bodyIsBytes)
        let command = ReproduceCommand.curl(sent)
        #expect(try Self.bytes(writtenBy: command, environment: [:]) == file)
        // A JSON body is still a word of text.
        let json = SentRequest(
            HTTPRequest(method: .post, url: URL(string: "http://x/a")!, body: Data(#"{"a": 1}"#.utf8)), variables: [],
            isSecret: { _ in false })
        #expect(!json.bodyIsBytes)
    }
}
