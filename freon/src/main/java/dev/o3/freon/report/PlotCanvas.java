package dev.o3.freon.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;

/** What a plot needs to draw: lines, polylines and text, in pixels with the origin at the top left. */
interface PlotCanvas {
    void line(double x1, double y1, double x2, double y2, Color color);

    void polyline(double[] xs, double[] ys, Color color);

    void text(double x, double y, String text, Color color);

    /** Writes the drawing. */
    void save(Path file) throws IOException;
}
