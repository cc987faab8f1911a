//! Charts drawn with plotters, generic over `DrawingBackend`: canvas in the browser, SVG in tests.
