import ModalModel
@_spi(Kernel) import TextKernel

extension CellGrid {
    /// Appends a stored grapheme's UTF-8. The grid sanitises every grapheme written into it; the check here
    /// keeps that promise even for a one-byte control, at the cost of one comparison.
    @inline(__always)
    package func appendSafeBytes(of grapheme: StoredGrapheme, to out: inout [UInt8]) {
        if let byte = grapheme.singleByte {
            if byte >= 0x20 && byte != 0x7F {
                out.append(byte)
            } else {
                out.append(contentsOf: ControlCharacters.singleLine(String(Unicode.Scalar(byte))).utf8)
            }
        } else if grapheme.isLong {
            out.append(contentsOf: ControlCharacters.singleLine(self.grapheme(grapheme)).utf8)
        } else {
            grapheme.appendInlineBytes(to: &out)
        }
    }
}
