import Foundation

extension SecretPlaceholders {
    /// Registers as tokens the strings of `document` shaped as credentials (`CredentialShape`): a
    /// key the server minted in this answer is a secret of the run before anything names it, and
    /// its stand-in replaces it here and in every other mock.
    func registerShaped(in document: JSONValue) {
        switch document {
        case let .string(text):
            // Most strings hold no dot at all: no need to look further.
            guard text.utf8.contains(UInt8(ascii: ".")) else { return }
            for token in CredentialShape.tokens(in: Data(text.utf8)) { register(token, as: .token) }
        case let .array(items):
            for item in items { registerShaped(in: item) }
        case let .object(members):
            for member in members { registerShaped(in: member.value) }
        case .null, .bool, .number:
            break
        }
    }
}
