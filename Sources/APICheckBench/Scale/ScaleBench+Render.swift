import Foundation

extension ScaleBench {
    func render(_ cells: [ScaleCommand: [Int: Cell]]) -> String {
        let load =
            (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "?"
        var text =
            "scale: generated catalogs of \(sizes.map(String.init).joined(separator: " / ")) endpoints, medians of \(runs) runs "
            + "(\(bigRuns) at 10,000 and more), each alternated with the baseline; load average \(load)\n"
        text += "baseline: \(baseline ?? "none")" + (baselineMax < Int.max ? " (at \(baselineMax) endpoints and below)" : "") + "\n"
        var rows: [[String]] = []
        for command in commands {
            for size in sizes {
                guard let cell = cells[command]?[size] else { continue }
                var row = [command.rawValue, "\(size)", seconds(cell.new.wall), seconds(cell.new.cpu), mib(cell.new.peakMiB)]
                if let old = cell.old {
                    row += [
                        seconds(old.wall), seconds(old.cpu), mib(old.peakMiB), ratio(cell.new.wall / old.wall),
                        ratio(cell.new.cpu / old.cpu),
                    ]
                } else {
                    row += ["-", "-", "-", "-", "-"]
                }
                rows.append(row)
            }
        }
        text += table(
            ["command", "endpoints", "wall", "CPU", "peak RSS", "base wall", "base CPU", "base RSS", "wall/base", "CPU/base"], rows)

        // Growth from one size to the next: 10x endpoints should cost 10x, not 100x.
        var growth: [[String]] = []
        for command in commands {
            for (small, large) in zip(sizes, sizes.dropFirst()) {
                guard let a = cells[command]?[small], let b = cells[command]?[large] else { continue }
                var row = [
                    command.rawValue, "\(small) -> \(large)", ratio(Double(large) / Double(small)),
                    ratio(b.new.wall / a.new.wall), ratio(b.new.cpu / a.new.cpu), ratio(b.new.peakMiB / a.new.peakMiB),
                ]
                if let oldA = a.old, let oldB = b.old {
                    row += [ratio(oldB.wall / oldA.wall), ratio(oldB.cpu / oldA.cpu)]
                } else {
                    row += ["-", "-"]
                }
                growth.append(row)
            }
        }
        text += "\n\ngrowth (slope) from one size to the next\n"
        text += table(["command", "endpoints", "size", "wall", "CPU", "RSS", "base wall", "base CPU"], growth)
        for command in commands {
            guard let largest = sizes.last, let top = cells[command]?[largest] else { continue }
            var summary =
                "\n=> scale: \(command.rawValue) at \(largest) endpoints: \(seconds(top.new.wall)) wall, \(seconds(top.new.cpu)) CPU, "
                + "\(mib(top.new.peakMiB)) peak"
            if let previous = sizes.dropLast().last, let before = cells[command]?[previous] {
                summary += "; \(ratio(top.new.wall / before.new.wall)) the \(previous) run (budget <= 11x)"
            }
            if let cell = cells[command]?[2000], let old = cell.old {
                summary += "; at 2000: CPU \(ratio(cell.new.cpu / old.cpu)) the baseline's"
            }
            text += summary
        }
        return text + gateLines(cells)
    }

    /// The runs against the baseline, pair by pair, as ci/bench_gate.py reads them.
    private func gateLines(_ cells: [ScaleCommand: [Int: Cell]]) -> String {
        var lines: [String] = []
        for command in commands {
            for size in sizes {
                guard let pairs = cells[command]?[size]?.pairs, !pairs.isEmpty else { continue }
                for (metric, figure) in [("cpu", \MeasuredProcess.Figures.cpu), ("wall", \MeasuredProcess.Figures.wall)] {
                    let runs = pairs.map { fixed($0.new[keyPath: figure], 4) + "/" + fixed($0.old[keyPath: figure], 4) }
                    lines.append("gate: scale/\(command.rawValue) \(size) \(metric) " + runs.joined(separator: ","))
                }
            }
        }
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n")
    }

    private func seconds(_ value: Double) -> String { value < 1 ? ms(value) : fixed(value, 2) + " s" }
    private func mib(_ value: Double) -> String { fixed(value, 1) + " MiB" }
}
