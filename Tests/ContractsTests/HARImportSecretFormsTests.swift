import APICheck
import Contracts
import Foundation
import Testing

/// import-har learns a password however the capture holds it.
extension HARImportTests {
    /// A login captured as form parameters only (`p%40ss+w0rd`, the `+` a space) and one sent as a
    /// JSON number: the password the answer echoes is never written.
    @Test(arguments: [
        (
            #""postData": {"mimeType": "application/x-www-form-urlencoded", "params": [{"name": "account", "value": "demo"}, {"name": "password", "value": "p%40ss+w0rd"}]}"#,
            "p@ss w0rd"
        ),
        (#""postData": {"mimeType": "application/json", "text": "{\"account\":\"demo\",\"password\":73914268}"}"#, "73914268"),
    ])
    func aPasswordInAnyFormTheLoginSentIsNotWritten(postData: String, echoed: String) throws {
        let folder = try Self.mocksCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        let answer =
            #"{\"code\":200,\"msg\":\"success\",\"datas\":{\"uid\":1000000001,\"userName\":\"demo\",\"mail\":\"ECHO\",\"utoken\":\"2.00FormLoginToken42\",\"expires_in\":3600}}"#
            .replacingOccurrences(of: "ECHO", with: echoed)
        let har =
            #"{"log": {"version": "1.2", "creator": {"name": "t", "version": "1"}, "entries": [{"startedDateTime": "2026-11-30T10:00:00.000Z", "time": 1, "request": {"method": "POST", "url": "https://staging.example.com/Api/Account/login", "httpVersion": "HTTP/1.1", "headers": [], "cookies": [], "queryString": [], "headersSize": -1, "bodySize": -1, "#
            + postData
            + #"}, "response": {"status": 200, "statusText": "", "httpVersion": "HTTP/1.1", "headers": [{"name": "Content-Type", "value": "application/json"}], "cookies": [], "content": {"size": 1, "mimeType": "application/json", "text": ""#
            + answer
            + #""}, "redirectURL": "", "headersSize": -1, "bodySize": -1}, "cache": {}, "timings": {"send": 0, "wait": 1, "receive": 0}}]}}"#
        let result = try Self.run(har, into: folder)
        let login = try #require(result.files.first { $0.file == "login.json" })
        #expect(login.action == .updated || login.action == .refused, "\(login.action)")
        try Self.assertNoSecrets([echoed, "2.00FormLoginToken42"], in: folder)
    }
}
