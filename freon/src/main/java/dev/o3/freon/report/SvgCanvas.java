package dev.o3.freon.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Draws into an SVG document. */
final class SvgCanvas implements PlotCanvas {
    private final StringBuilder svg = new StringBuilder();

    SvgCanvas(int width, int height) {
        svg.append(String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\""
                        + " font-size=\"12\">%n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
                width,
                height));
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color) {
        svg.append(String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                x1,
                y1,
                x2,
                y2,
                hex(color)));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color) {
        svg.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"")
                .append(hex(color))
                .append("\" points=\"");
        for (int i = 0; i < xs.length; i++) {
            svg.append(String.format(Locale.ROOT, "%.1f,%.1f ", xs[i], ys[i]));
        }
        svg.append("\"/>\n");
    }

    @Override
    public void text(double x, double y, String text, Color color) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\">", x, y, hex(color)))
                .append(escape(text))
                .append("</text>\n");
    }

    @Override
    public void save(Path file) throws IOException {
        Files.writeString(file, svg + "</svg>\n", StandardCharsets.UTF_8);
    }

    private static String hex(Color color) {
        return String.format("#%02x%02x%02x", color.getRed(), color.getGreen(), color.getBlue());
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
