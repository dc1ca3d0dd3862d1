// The umbrella module for library users: one import brings the pure layers.
@_exported import HTMLRendering
@_exported import ModalActions
@_exported import ModalModel
@_exported import PositionedJSON
@_exported import Preview
@_exported import Renderers
@_exported import Reporting
@_exported import Screen
@_exported import ScreenLayout
@_exported import TextLayout
