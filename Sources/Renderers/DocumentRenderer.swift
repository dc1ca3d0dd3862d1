import ModalModel
import Screen

/// The output formats of a whole document.
public enum DocumentFormat: String, Sendable, CaseIterable {
    /// Text without escape sequences.
    case plain
    /// Text with SGR attributes and colours (and OSC 8 links on request).
    case ansi
    /// One self-contained SVG picture of all modals, one below the other.
    case svg
    /// The JSON layout (`JSONLayoutRenderer`).
    case json
}

/// How to render a document.
public struct DocumentRenderOptions: Sendable, Equatable {
    /// The output format.
    public var format: DocumentFormat
    /// The modal's total width in cells, frame included.
    public var width: Int
    /// The colour depth of ANSI output.
    public var colorDepth: ColorDepth
    /// Plain `+-|` frames instead of box drawing.
    public var ascii: Bool
    /// OSC 8 hyperlinks in ANSI output.
    public var hyperlinks: Bool
    /// Only the modal at this index (counting from 0); nil for all.
    public var modalIndex: Int?
    /// Visual or logical order for right-to-left text in plain and ANSI output. SVG is always drawn in visual
    /// order and the JSON layout gives both, so they ignore it.
    public var bidi: BidiDisplay

    /// Creates options.
    public init(
        format: DocumentFormat, width: Int, colorDepth: ColorDepth = .none, ascii: Bool = false,
        hyperlinks: Bool = false, modalIndex: Int? = nil, bidi: BidiDisplay = .visual
    ) {
        self.bidi = bidi
        self.format = format
        self.width = width
        self.colorDepth = colorDepth
        self.ascii = ascii
        self.hyperlinks = hyperlinks
        self.modalIndex = modalIndex
    }
}

/// Renders a whole document (all modals, or one) in one call, with "1/4" page labels when it has several:
/// what `modalkit render` prints and what the preview prints without a terminal.
public enum DocumentRenderer {
    /// The document as text in the chosen format; an out-of-range `modalIndex` renders no modal.
    public static func render(_ document: ModalDocument, options: DocumentRenderOptions) -> String {
        let total = document.modals.count
        var chosen = Array(document.modals.indices)
        if let index = options.modalIndex { chosen = document.modals.indices.contains(index) ? [index] : [] }
        let layouts = chosen.map { index in
            (
                index: index,
                layout: ModalLayout(
                    modal: document.modals[index],
                    options: ModalViewOptions(
                        width: options.width, ascii: options.ascii,
                        pageLabel: total > 1 ? "\(index + 1)/\(total)" : nil,
                        bidi: options.format == .plain || options.format == .ansi ? options.bidi : .visual))
            )
        }
        if options.format == .json { return JSONLayoutRenderer.render(layouts) }
        let grids = layouts.map { $0.layout.draw() }
        switch options.format {
        case .plain:
            return grids.map(PlainRenderer.render).joined(separator: "\n")
        case .ansi:
            return grids.map { ANSIRenderer.render($0, colorDepth: options.colorDepth, hyperlinks: options.hyperlinks) }
                .joined(separator: "\n")
        case .svg:
            return SVGRenderer.render(CellGrid.stacked(grids, gap: 1))
        case .json:
            return JSONLayoutRenderer.render(layouts)
        }
    }
}
