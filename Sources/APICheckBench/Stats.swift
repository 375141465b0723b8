import Foundation

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}

/// Min, median and max of a set of samples: medians are what the report quotes.
struct Spread {
    let min: Double
    let median: Double
    let max: Double

    init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "a spread needs samples")
        let sorted = samples.sorted()
        min = sorted[0]
        max = sorted[sorted.count - 1]
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Fixed-point formatting without `String(format:)`, so the output does not depend on locale.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if digits > 0 {
        let fraction = String(Int(scaled - Double(whole) * scale))
        text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
    return text
}

func ms(_ seconds: Double) -> String { fixed(seconds * 1000, 1) + " ms" }
func us(_ seconds: Double) -> String { fixed(seconds * 1_000_000, 2) + " µs" }
func ratio(_ value: Double) -> String { fixed(value, 2) + "x" }

/// Aligned columns, the first left-aligned and the others right-aligned.
func table(_ header: [String], _ rows: [[String]]) -> String {
    let all = [header] + rows
    let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
    func line(_ cells: [String]) -> String {
        cells.enumerated().map { column, cell in
            let pad = String(repeating: " ", count: widths[column] - cell.count)
            return column == 0 ? cell + pad : pad + cell
        }.joined(separator: "  ")
    }
    return ([line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line)).joined(separator: "\n")
}
