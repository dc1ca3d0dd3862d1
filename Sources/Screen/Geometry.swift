import ModalModel

/// A cell position: column `x`, row `y`, both 0-based from the top left.
public struct Point: Sendable, Hashable {
    public var x: Int
    public var y: Int
    /// Creates a point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A size in cells.
public struct Size: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A rectangle of cells.
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size
    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    /// Whether the point lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y && point.x < maxX && point.y < maxY
    }

    /// The first column inside.
    public var minX: Int { origin.x }
    /// The first row inside.
    public var minY: Int { origin.y }
    /// The column just past the right edge.
    public var maxX: Int { origin.x.addingSaturating(size.width) }
    /// The row just past the bottom edge.
    public var maxY: Int { origin.y.addingSaturating(size.height) }
    /// Whether the rectangle covers no cell.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    /// The cells both rectangles cover (empty, at the origin of `self`, when they do not meet).
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        if right <= left || bottom <= top { return Rect(x: minX, y: minY, width: 0, height: 0) }
        return Rect(
            x: left, y: top, width: right.subtractingSaturating(left), height: bottom.subtractingSaturating(top))
    }

    /// The rectangle shrunk by `horizontal` columns on each side and `vertical` rows on top and bottom.
    public func inset(horizontal: Int, vertical: Int) -> Rect {
        Rect(
            x: minX.addingSaturating(horizontal), y: minY.addingSaturating(vertical),
            width: max(0, size.width.subtractingSaturating(horizontal.multipliedSaturating(by: 2))),
            height: max(0, size.height.subtractingSaturating(vertical.multipliedSaturating(by: 2))))
    }
}
