/// How the sets of one glyph asset are named in a catalog, the one place the planners, verify and
/// the preview take the conventions from: a tab icon is `<Name>` (unselected) and
/// `<Name>.selected`; a back indicator `<Name>` and its transition mask `<Name>.mask`; a control
/// `<Name>`, `<Name>.highlighted`, `<Name>.selected` and `<Name>.disabled`.
package enum SetNaming {
    package static let selected = ".selected"
    package static let mask = ".mask"
    package static let highlighted = ".highlighted"
    package static let disabled = ".disabled"
    /// A glyph's custom symbol set (`Home` → `Home.symbol.symbolset`; issue 27).
    package static let symbol = ".symbol"
    /// A symbol's filled twin (`Home.symbol` → `Home.symbol.fill`), as Apple pairs `house.fill`.
    package static let fill = ".fill"
}
