/// The interactive preview as pure state: events in, new state and effects out.
import Screen
