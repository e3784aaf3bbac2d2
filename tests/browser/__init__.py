"""Real-browser tests of the Voila app (Debian's Chromium driven by Playwright)."""
