"""The tournament desk on the event's network: the desk, its boards and the phone page (no pygame)."""
