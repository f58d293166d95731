// JDBC (PgJDBC): ulid, ksuid and objectid have no Java class; read them with
// getString and send their text. With stringtype=unspecified in the URL,
// setString parameters go untyped and the server gives them the column's
// type; without it, a PGobject names the type.
import java.sql.*;
import org.postgresql.util.PGobject;

public class IdgenRecipe {
    public static void main(String[] args) throws Exception {
        // e.g. jdbc:postgresql://localhost:5432/app?user=app&stringtype=unspecified
        try (Connection conn = DriverManager.getConnection(System.getenv("JDBC_URL"))) {
            try (Statement st = conn.createStatement()) {
                st.execute("CREATE TEMP TABLE orders (id ulid PRIMARY KEY DEFAULT ulid(),"
                        + " doc objectid, event_id bigint DEFAULT snowflake_id())");
            }
            try (PreparedStatement ins = conn.prepareStatement("INSERT INTO orders (id, doc) VALUES (?, ?)")) {
                ins.setString(1, "01ARZ3NDEKTSV4RRFFQ69G5FAV"); // needs stringtype=unspecified
                PGobject doc = new PGobject();                  // works with or without it
                doc.setType("objectid");
                doc.setValue("507f1f77bcf86cd799439011");
                ins.setObject(2, doc);
                ins.executeUpdate();
            }
            try (PreparedStatement sel = conn.prepareStatement(
                    "SELECT id, doc, event_id, ARRAY[id] AS ids FROM orders WHERE id = ?")) {
                sel.setString(1, "01ARZ3NDEKTSV4RRFFQ69G5FAV");
                try (ResultSet rs = sel.executeQuery()) {
                    rs.next();
                    System.out.println(rs.getString("id") + " " + rs.getString("doc"));
                    long eventId = rs.getLong("event_id");  // a Snowflake fits a long exactly
                    System.out.println("node " + ((eventId >> 12) & 1023));
                    System.out.println(rs.getString("ids")); // arrays: their text, or getArray()
                }
            }
        }
    }
}
