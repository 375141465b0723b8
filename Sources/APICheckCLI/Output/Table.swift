import Foundation

/// Left-aligned columns separated by two spaces, for listings. Widths count characters, as
/// a terminal shows them; the padding is plain Swift (`padding(toLength:)` goes through
/// NSString and counts UTF-16 units, a bridge paid per cell, which a listing of a big catalog
/// has by the thousand).
struct Table {
    var header: [String]?
    var rows: [[String]]

    func render() -> String {
        let all = (header.map { [$0] } ?? []) + rows
        let columns = all.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
        return all.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
