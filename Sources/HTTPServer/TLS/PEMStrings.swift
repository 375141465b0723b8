internal import CMicroHTTPD
import Foundation

/// The certificate and key of an `HTTPServerTLS` as NUL-terminated C strings, which
/// libmicrohttpd reads by pointer: they live from the start of the daemon to its stop.
struct PEMStrings: @unchecked Sendable {
    let certificate: UnsafeMutablePointer<CChar>
    let key: UnsafeMutablePointer<CChar>
    let clientCA: UnsafeMutablePointer<CChar>?
    let priorities: UnsafeMutablePointer<CChar>?
    /// All of them, as the daemon's start takes them.
    let settings: UnsafeMutablePointer<cmhd_tls>

    init(_ tls: HTTPServerTLS) {
        certificate = Self.copy(tls.certificatePEM)
        key = Self.copy(tls.keyPEM)
        clientCA = tls.clientCAPEM.map(Self.copy)
        priorities = tls.tls13Only ? Self.copy(Data("NORMAL:-VERS-ALL:+VERS-TLS1.3".utf8)) : nil
        settings = .allocate(capacity: 1)
        settings.initialize(to: cmhd_tls(certificate: certificate, key: key, client_ca: clientCA, priorities: priorities))
    }

    private static func copy(_ data: Data) -> UnsafeMutablePointer<CChar> {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: data.count + 1)
        data.withUnsafeBytes { bytes in
            bytes.bindMemory(to: CChar.self).baseAddress.map { pointer.initialize(from: $0, count: data.count) }
        }
        pointer[data.count] = 0
        return pointer
    }

    /// After the daemon has stopped, never before. The key is wiped first.
    func free() {
        var end = key
        while end.pointee != 0 { end.pointee = 0; end += 1 }
        certificate.deallocate()
        key.deallocate()
        clientCA?.deallocate()
        priorities?.deallocate()
        settings.deallocate()
    }
}
