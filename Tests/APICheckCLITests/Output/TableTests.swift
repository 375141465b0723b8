@testable import APICheckCLI
import Testing

/// `list`'s columns: aligned by characters, as a terminal shows them.
@Suite struct TableTests {
    @Test func columnsAlignOnCharactersNotUTF16Units() {
        // "e" + a combining accent is one character in two UTF-16 units; 🙂 is one in two as well.
        // Counted in UTF-16 units, both cells were cut short ("cafe", "🙂.jso").
        let table = Table(header: ["ID", "MOCK", "TYPE"], rows: [["cafe\u{301}", "🙂.json", "Item"], ["tea", "x.json", "Cup"]])
        #expect(
            table.render() == """
                ID    MOCK    TYPE
                cafe\u{301}  🙂.json  Item
                tea   x.json  Cup
                """)
    }
}
