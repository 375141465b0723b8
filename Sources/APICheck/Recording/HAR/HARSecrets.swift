import Foundation

/// The secrets a captured request carries, wherever the exporter kept them: the token in the
/// query or a header, `Authorization`, cookies, and secret fields of the request body (the login's
/// password). Registered before any answer is redacted, so that one echoed in a body is replaced.
enum HARSecrets {
    static func register(_ entry: HAREntry, api: API, in placeholders: SecretPlaceholders) {
        func kind(_ name: String) -> SecretPlaceholders.Kind? {
            let name = name.lowercased()
            if placeholders.tokenFields.contains(name) || name == "authorization" { return .token }
            if placeholders.fieldNames.contains(name) { return name.contains("pass") ? .password : .value }
            return nil
        }
        // An exporter may keep a parameter as sent (`p%40ss+w0rd`) or decoded: every reading of it
        // is the secret, a form's `+` as the space it stands for included.
        for field in entry.query + entry.postParams {
            guard let kind = kind(field.name), !field.value.isEmpty else { continue }
            let spaced = field.value.replacingOccurrences(of: "+", with: " ")
            for form in Set([field.value, field.value.removingPercentEncoding ?? field.value, spaced.removingPercentEncoding ?? spaced]) {
                placeholders.register(form, as: kind)
            }
        }
        for header in entry.requestHeaders {
            guard let kind = kind(header.name), !header.value.isEmpty else { continue }
            // `Bearer abc`: the credential is the last word; the whole value goes too.
            if let word = header.value.split(separator: " ").last, word.count != header.value.count {
                placeholders.register(String(word), as: kind)
            }
            placeholders.register(header.value, as: kind)
        }
        // A cookie long enough to be a session id is treated as one; short ones (`lang=en`) would
        // mangle every answer that happens to hold them.
        for cookie in entry.cookies where cookie.value.count >= 8 {
            placeholders.register(cookie.value, as: .token)
        }
        guard let text = entry.postText, !text.isEmpty else { return }
        if let document = try? JSONParser.parse(Data(text.utf8)) {
            registerFields(document, kind: kind, in: placeholders)
        } else {
            for field in HAREntry.formFields(in: text) where !field.value.isEmpty {
                if let kind = kind(field.name) { placeholders.register(field.value, as: kind) }
            }
        }
    }

    private static func scalarText(_ value: JSONValue) -> String? {
        switch value {
        case let .string(text), let .number(text): text
        default: nil
        }
    }

    private static func registerFields(_ value: JSONValue, kind: (String) -> SecretPlaceholders.Kind?, in placeholders: SecretPlaceholders)
    {
        switch value {
        case let .object(members):
            for member in members {
                // A password sent as a JSON number is as secret as one sent as a string.
                if let kind = kind(member.key), let secret = Self.scalarText(member.value), !secret.isEmpty {
                    placeholders.register(secret, as: kind)
                } else {
                    registerFields(member.value, kind: kind, in: placeholders)
                }
            }
        case let .array(items):
            for item in items { registerFields(item, kind: kind, in: placeholders) }
        default:
            break
        }
    }
}
