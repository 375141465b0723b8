/// Text made safe for an HTML page: the five markup characters become entities, and control
/// characters (escape sequences, NUL, DEL, C1) become spaces, so that server text can never open a
/// tag, close a `<script>`, end an attribute or reach a terminal that `cat`s the file. Newlines and
/// tabs survive; the page shows them with `white-space: pre-wrap` where it wants to.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value) {
                    out += " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
