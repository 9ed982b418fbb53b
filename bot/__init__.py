"""The Discord layer: commands, controls, sessions and storage."""
