package dev.o3.common.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** Reads a Hadoop-style {@code <configuration><property><name/><value/></property></configuration>} file. */
final class OzoneSiteXml {
    private OzoneSiteXml() {}

    /**
     * The properties of the file, in file order.
     *
     * @throws ConfigException when the file is missing or not such a document
     */
    static Map<String, String> read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            Document document = newBuilder().parse(in);
            NodeList properties = document.getDocumentElement().getElementsByTagName("property");
            Map<String, String> values = new LinkedHashMap<>();
            for (int i = 0; i < properties.getLength(); i++) {
                Element property = (Element) properties.item(i);
                String name = childText(property, "name", file);
                String value = childText(property, "value", file);
                values.put(name, value);
            }
            return values;
        } catch (NoSuchFileException e) {
            throw new ConfigException("configuration file not found: " + file);
        } catch (IOException | SAXException e) {
            throw new ConfigException("cannot read configuration file " + file + ": " + e.getMessage());
        }
    }

    private static String childText(Element property, String tag, Path file) {
        NodeList nodes = property.getElementsByTagName(tag);
        if (nodes.getLength() != 1) {
            throw new ConfigException("in " + file + ": every <property> needs exactly one <" + tag + ">");
        }
        return nodes.item(0).getTextContent().trim();
    }

    private static DocumentBuilder newBuilder() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            return factory.newDocumentBuilder();
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("JDK XML parser unavailable", e);
        }
    }
}
