/// The HTML named character references a server may echo a secret's characters in: every name
/// HTML defines for a character of ASCII or Latin-1 (`&commat;`, `&sol;`, `&plus;`, `&uuml;`), and
/// the legacy names a browser also reads without the semicolon (`&amp`, `&eacute`). Names for
/// other characters are left alone: a secret made of them is still found raw or numerically
/// referenced, and this table stays small enough to read.
enum HTMLEntity {
    /// Name (without `&` and `;`) → UTF-16 unit.
    static let units: [String: UInt16] = [
        "Tab": 0x09, "NewLine": 0x0A, "excl": 0x21, "QUOT": 0x22, "quot": 0x22, "num": 0x23, "dollar": 0x24,
        "percnt": 0x25, "AMP": 0x26, "amp": 0x26, "apos": 0x27, "lpar": 0x28, "rpar": 0x29, "ast": 0x2A,
        "midast": 0x2A, "plus": 0x2B, "comma": 0x2C, "period": 0x2E, "sol": 0x2F, "colon": 0x3A, "semi": 0x3B,
        "LT": 0x3C, "lt": 0x3C, "equals": 0x3D, "GT": 0x3E, "gt": 0x3E, "quest": 0x3F, "commat": 0x40,
        "lbrack": 0x5B, "lsqb": 0x5B, "bsol": 0x5C, "rbrack": 0x5D, "rsqb": 0x5D, "Hat": 0x5E, "UnderBar": 0x5F,
        "lowbar": 0x5F, "DiacriticalGrave": 0x60, "grave": 0x60, "lbrace": 0x7B, "lcub": 0x7B, "VerticalLine": 0x7C,
        "verbar": 0x7C, "vert": 0x7C, "rbrace": 0x7D, "rcub": 0x7D, "NonBreakingSpace": 0xA0, "nbsp": 0xA0,
        "iexcl": 0xA1, "cent": 0xA2, "pound": 0xA3, "curren": 0xA4, "yen": 0xA5, "brvbar": 0xA6, "sect": 0xA7,
        "Dot": 0xA8, "DoubleDot": 0xA8, "die": 0xA8, "uml": 0xA8, "COPY": 0xA9, "copy": 0xA9, "ordf": 0xAA,
        "laquo": 0xAB, "not": 0xAC, "shy": 0xAD, "REG": 0xAE, "circledR": 0xAE, "reg": 0xAE, "macr": 0xAF,
        "strns": 0xAF, "deg": 0xB0, "PlusMinus": 0xB1, "plusmn": 0xB1, "pm": 0xB1, "sup2": 0xB2, "sup3": 0xB3,
        "DiacriticalAcute": 0xB4, "acute": 0xB4, "micro": 0xB5, "para": 0xB6, "CenterDot": 0xB7, "centerdot": 0xB7,
        "middot": 0xB7, "Cedilla": 0xB8, "cedil": 0xB8, "sup1": 0xB9, "ordm": 0xBA, "raquo": 0xBB, "frac14": 0xBC,
        "frac12": 0xBD, "half": 0xBD, "frac34": 0xBE, "iquest": 0xBF, "Agrave": 0xC0, "Aacute": 0xC1, "Acirc": 0xC2,
        "Atilde": 0xC3, "Auml": 0xC4, "Aring": 0xC5, "angst": 0xC5, "AElig": 0xC6, "Ccedil": 0xC7, "Egrave": 0xC8,
        "Eacute": 0xC9, "Ecirc": 0xCA, "Euml": 0xCB, "Igrave": 0xCC, "Iacute": 0xCD, "Icirc": 0xCE, "Iuml": 0xCF,
        "ETH": 0xD0, "Ntilde": 0xD1, "Ograve": 0xD2, "Oacute": 0xD3, "Ocirc": 0xD4, "Otilde": 0xD5, "Ouml": 0xD6,
        "times": 0xD7, "Oslash": 0xD8, "Ugrave": 0xD9, "Uacute": 0xDA, "Ucirc": 0xDB, "Uuml": 0xDC, "Yacute": 0xDD,
        "THORN": 0xDE, "szlig": 0xDF, "agrave": 0xE0, "aacute": 0xE1, "acirc": 0xE2, "atilde": 0xE3, "auml": 0xE4,
        "aring": 0xE5, "aelig": 0xE6, "ccedil": 0xE7, "egrave": 0xE8, "eacute": 0xE9, "ecirc": 0xEA, "euml": 0xEB,
        "igrave": 0xEC, "iacute": 0xED, "icirc": 0xEE, "iuml": 0xEF, "eth": 0xF0, "ntilde": 0xF1, "ograve": 0xF2,
        "oacute": 0xF3, "ocirc": 0xF4, "otilde": 0xF5, "ouml": 0xF6, "div": 0xF7, "divide": 0xF7, "oslash": 0xF8,
        "ugrave": 0xF9, "uacute": 0xFA, "ucirc": 0xFB, "uuml": 0xFC, "yacute": 0xFD, "thorn": 0xFE, "yuml": 0xFF,
    ]

    /// Names read without their semicolon too, as HTML's parser does.
    static let legacyNames: Set<String> = [
        "AElig", "AMP", "Aacute", "Acirc", "Agrave", "Aring", "Atilde", "Auml", "COPY", "Ccedil", "ETH", "Eacute",
        "Ecirc", "Egrave", "Euml", "GT", "Iacute", "Icirc", "Igrave", "Iuml", "LT", "Ntilde", "Oacute", "Ocirc",
        "Ograve", "Oslash", "Otilde", "Ouml", "QUOT", "REG", "THORN", "Uacute", "Ucirc", "Ugrave", "Uuml", "Yacute",
        "aacute", "acirc", "acute", "aelig", "agrave", "amp", "aring", "atilde", "auml", "brvbar", "ccedil", "cedil",
        "cent", "copy", "curren", "deg", "divide", "eacute", "ecirc", "egrave", "eth", "euml", "frac12", "frac14",
        "frac34", "gt", "iacute", "icirc", "iexcl", "igrave", "iquest", "iuml", "laquo", "lt", "macr", "micro",
        "middot", "nbsp", "not", "ntilde", "oacute", "ocirc", "ograve", "ordf", "ordm", "oslash", "otilde", "ouml",
        "para", "plusmn", "pound", "quot", "raquo", "reg", "sect", "shy", "sup1", "sup2", "sup3", "szlig", "thorn",
        "times", "uacute", "ucirc", "ugrave", "uml", "uuml", "yacute", "yen", "yuml",
    ]

    /// The longest name any entry has: how far past `&` a reader looks.
    static let longestName = units.keys.map(\.count).max() ?? 0
}
