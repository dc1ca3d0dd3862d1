import ModalModel
@_spi(Kernel) import TextKernel

/// A cell position: column `x`, row `y`, both 0-based from the top left.
package struct Point: Sendable, Hashable {
    package var x: Int
    package var y: Int
    /// Creates a point.
    package init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A size in cells.
package struct Size: Sendable, Hashable {
    package var width: Int
    package var height: Int
    /// Creates a size.
    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A rectangle of cells.
package struct Rect: Sendable, Hashable {
    package var origin: Point
    package var size: Size
    /// Creates a rectangle.
    package init(x: Int, y: Int, width: Int, height: Int) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    /// Whether the point lies inside.
    package func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y && point.x < maxX && point.y < maxY
    }

    /// The first column inside.
    package var minX: Int { origin.x }
    /// The first row inside.
    package var minY: Int { origin.y }
    /// The column just past the right edge.
    package var maxX: Int { origin.x.addingSaturating(size.width) }
    /// The row just past the bottom edge.
    package var maxY: Int { origin.y.addingSaturating(size.height) }
    /// Whether the rectangle covers no cell.
    package var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The cells both rectangles cover (empty, at the origin of `self`, when they do not meet).
    package func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        if right <= left || bottom <= top { return Rect(x: minX, y: minY, width: 0, height: 0) }
        return Rect(
            x: left, y: top, width: right.subtractingSaturating(left), height: bottom.subtractingSaturating(top))
    }

    /// The rectangle shrunk by `horizontal` columns on each side and `vertical` rows on top and bottom.
    package func inset(horizontal: Int, vertical: Int) -> Rect {
        Rect(
            x: minX.addingSaturating(horizontal), y: minY.addingSaturating(vertical),
            width: max(0, size.width.subtractingSaturating(horizontal.multipliedSaturating(by: 2))),
            height: max(0, size.height.subtractingSaturating(vertical.multipliedSaturating(by: 2))))
    }
}
