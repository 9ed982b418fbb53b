"""The Discord emulator's own tests, with a tiny bot run through the launcher."""
