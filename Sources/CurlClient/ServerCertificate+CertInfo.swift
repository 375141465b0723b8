import APICheck
import Foundation

extension ServerCertificate {
    /// A certificate from libcurl's CURLINFO_CERTINFO lines ("Subject:CN = x", "Expire date:Jan  1
    /// 00:00:00 2027 GMT", ...). Nil when the lines name no subject.
    init?(certInfo lines: [String]) {
        var fields: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            if fields[name] == nil { fields[name] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces) }
        }
        guard let subject = fields["subject"] else { return nil }
        self.init(
            subject: subject, issuer: fields["issuer"] ?? "unknown",
            notBefore: fields["start date"].flatMap(Self.date), notAfter: fields["expire date"].flatMap(Self.date))
    }

    /// OpenSSL prints "Jan  1 00:00:00 2027 GMT"; GnuTLS builds of libcurl print "2027-01-01 00:00:00 GMT".
    static func date(_ text: String) -> Date? {
        let squeezed = text.split(separator: " ").joined(separator: " ")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        for format in ["MMM d HH:mm:ss yyyy zzz", "yyyy-MM-dd HH:mm:ss zzz", "MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: squeezed) { return date }
        }
        return nil
    }
}
