package dev.o3.freon.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Draws into a PNG image with Java2D (headless). */
final class PngCanvas implements PlotCanvas {
    private final BufferedImage image;
    private final Graphics2D graphics;

    PngCanvas(int width, int height) {
        image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        graphics = image.createGraphics();
        graphics.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        graphics.setColor(Color.WHITE);
        graphics.fillRect(0, 0, width, height);
    }

    @Override
    public void line(double x1, double y1, double x2, double y2, Color color) {
        graphics.setColor(color);
        graphics.setStroke(new BasicStroke(1));
        graphics.draw(new Line2D.Double(x1, y1, x2, y2));
    }

    @Override
    public void polyline(double[] xs, double[] ys, Color color) {
        Path2D.Double path = new Path2D.Double();
        path.moveTo(xs[0], ys[0]);
        for (int i = 1; i < xs.length; i++) {
            path.lineTo(xs[i], ys[i]);
        }
        graphics.setColor(color);
        graphics.setStroke(new BasicStroke(2));
        graphics.draw(path);
    }

    @Override
    public void text(double x, double y, String text, Color color) {
        graphics.setColor(color);
        graphics.drawString(text, (float) x, (float) y);
    }

    @Override
    public void save(Path file) throws IOException {
        graphics.dispose();
        if (!ImageIO.write(image, "png", file.toFile())) {
            throw new IOException("no PNG writer in this JDK");
        }
    }
}
