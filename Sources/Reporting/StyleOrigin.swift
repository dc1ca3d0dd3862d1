import ModalModel

extension Modal {
    /// The index of the last style that sets a colour (`color`, say) over the UTF-16 unit at `utf16Offset`: the
    /// style a diagnostic about that colour points at, since later styles win where they overlap.
    func lastStyleIndex(setting color: (ModalStyle) -> ModalColor?, at utf16Offset: Int) -> Int? {
        styles.indices.last { index in
            let range = styles[index].range
            return color(styles[index]) != nil && range.utf16Offset <= utf16Offset
                && utf16Offset < range.utf16Offset + range.utf16Length
        }
    }
}
