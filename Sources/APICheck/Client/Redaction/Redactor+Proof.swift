extension Redactor {
    /// Where in `document` a secret this redactor knows still sits, in any form the secret proof
    /// looks for (`SecretProof`): for text that leaves the run by another way than a report or a
    /// mock (a results history). Each place is a JSONPath and the form, never the value.
    public func secretPlaces(in document: JSONValue) -> [String] {
        let secrets = registered.withLock { $0.map { String(decoding: $0, as: UTF8.self) } }
        return SecretProof(secrets: secrets).leaks(in: document).map { leak in
            "\(leak.path)\(leak.inKey ? " (a key)" : "") as \(leak.form)"
        }
    }
}
