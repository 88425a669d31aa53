"""The Train tab: settings, live progress, the merges table and plots, step mode with its tie explanations, results and checkpoints."""
