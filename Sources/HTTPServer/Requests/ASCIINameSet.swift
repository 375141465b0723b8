/// Header names matched against the bytes libmicrohttpd holds, ignoring the case of ASCII
/// letters, without making a String of each: a request's headers are walked this way on every
/// request that may take the `LineShortcut`. The names sit in one run of bytes, each after its
/// length, read through a pointer: no array is retained per header.
struct ASCIINameSet: Sendable {
    private let table: [UInt8]

    init(_ names: some Sequence<String>) {
        var table: [UInt8] = []
        for name in Set(names.map { $0.lowercased() }) where (1...255).contains(name.utf8.count) {
            table.append(UInt8(name.utf8.count))
            table.append(contentsOf: name.utf8)
        }
        self.table = table
    }

    /// Calls `body` with the table for `contains(_:in:)`.
    func withTable<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        table.withUnsafeBufferPointer(body)
    }

    static func contains(_ name: UnsafeRawBufferPointer, in table: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < table.count {
            let length = Int(table[index])
            if length == name.count,
                (0..<length).allSatisfy({ offset in
                    let byte = name[offset]
                    return table[index + 1 + offset] == ((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                })
            {
                return true
            }
            index += 1 + length
        }
        return false
    }
}
