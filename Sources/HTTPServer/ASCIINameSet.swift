/// Header names matched against the bytes libmicrohttpd holds, ignoring the case of ASCII
/// letters, without making a String of each: a request's headers are walked this way on every
/// request that may take the `LineShortcut`.
struct ASCIINameSet: Sendable {
    /// The names in lower case, by their length in bytes.
    private let byLength: [[[UInt8]]]

    init(_ names: some Sequence<String>) {
        let lowered = Set(names.map { Array($0.lowercased().utf8) })
        var byLength = [[[UInt8]]](repeating: [], count: (lowered.map(\.count).max() ?? 0) + 1)
        for name in lowered { byLength[name.count].append(name) }
        self.byLength = byLength
    }

    func contains(_ name: UnsafeRawBufferPointer) -> Bool {
        guard name.count < byLength.count else { return false }
        return byLength[name.count].contains { candidate in
            zip(candidate, name).allSatisfy { wanted, byte in
                wanted == ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
            }
        }
    }
}
