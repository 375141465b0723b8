import Foundation
import TestSupport

/// Runs a completion script in a real shell and reads back what it offers for a command line, with
/// the built binary on the PATH answering `__complete`.
struct ShellCompletionHarness {
    let script: URL
    let binary: URL

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }

    /// fish completes a line itself: `complete -C`.
    func fish(_ line: String) throws -> [String] {
        let result = try Shell.run(
            "/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", script.path, line],
            environment: environment)
        return result.out.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
    }

    /// zsh completes only in its line editor: an interactive zsh on a pseudo-terminal (`zpty`)
    /// with compinit and the script loaded gets the line and a TAB. `compadd` is wrapped to print
    /// each candidate between `<<` and `>>` instead of inserting it. TAB runs a widget that marks
    /// the end of its completion, and nothing more is typed until that mark is read: zsh drops a
    /// completion when keys are already waiting, which a loaded machine made happen now and then.
    func zsh(_ line: String) throws -> [String] {
        // zpty waits for the marker line; a script that broke zsh's line editor must not hang the suite.
        let result = try Shell.run(
            "/usr/bin/timeout", ["120", "/usr/bin/zsh", "-f", "-c", Self.zshCapture, "zsh", script.path, line],
            environment: environment)
        return result.out.split(separator: "\n").map(String.init).sorted()
    }

    static let zshCapture = #"""
        zmodload zsh/zpty
        zpty z zsh -f -i
        zpty -w z "PROMPT="
        zpty -w z "autoload -U compinit; compinit -u -D"
        zpty -w z "source ${(q)1}"
        zpty -w z 'compadd () {
          if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi
          typeset -a hits
          builtin compadd -A hits "$@"
          (( $#hits == 0 )) && return 1
          local hit; for hit in $hits; do print -r -- "<<$IPREFIX$hit>>"; done
          builtin compadd -Q -U ""
        }'
        zpty -w z 'complete-and-mark () { zle complete-word; print -r -- "<<""DONE"">>" }'
        zpty -w z "zle -N complete-and-mark"
        zpty -w z "bindkey '^I' complete-and-mark"
        zpty -w z "print -r -- '<<'START'>>'"
        zpty -r z out '*<<START>>*'
        zpty -n -w z "$2"$'\t'
        zpty -r z hits '*<<DONE>>*'
        zpty -w z $'\C-u'"print -r -- '<<'END'>>'"
        zpty -r z out '*<<END>>*'
        out=$hits$'\n'$out
        zpty -d z
        for hit in ${(M)${(f)out}:#*<<*>>*}; do
          hit=${hit##*<<}; hit=${hit%%>>*}
          [[ $hit == END || $hit == DONE || $hit == *\'* ]] || print -r -- $hit
        done
        """#
}
