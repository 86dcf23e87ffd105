package org.hbaseturbo.tune.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A policy value as a formula over the cluster it is evaluated for: numbers (with k, m or g for KiB, MiB, GiB in
 * bytes), the variables of {@link PolicyEnvironment}, {@code + - * /}, parentheses, {@code min(a, b)} and
 * {@code max(a, b)}. For example {@code 128m * heap_gb} or {@code max(10, 3 * heap_gb)}.
 */
public final class Formula {
  private final String text;
  private final Node root;

  private Formula(String text, Node root) {
    this.text = text;
    this.root = root;
  }

  /**
   * @param variables the names a formula may use
   * @throws IllegalArgumentException saying what is wrong and where, when {@code text} is not a formula
   */
  public static Formula parse(String text, Set<String> variables) {
    Parser parser = new Parser(text, variables);
    Node root = parser.sum();
    parser.skipSpaces();
    if (parser.position < text.length()) {
      throw parser.error("unexpected '" + text.charAt(parser.position) + "'");
    }
    return new Formula(text, root);
  }

  /** @throws IllegalArgumentException on a division by zero */
  public double evaluate(Map<String, Double> values) {
    return root.evaluate(values);
  }

  @Override
  public String toString() {
    return text;
  }

  private interface Node {
    double evaluate(Map<String, Double> values);
  }

  /** Recursive descent over sum := product (('+'|'-') product)*, product := factor (('*'|'/') factor)*. */
  private static final class Parser {
    private final String text;
    private final Set<String> variables;
    private int position;

    Parser(String text, Set<String> variables) {
      this.text = text;
      this.variables = variables;
    }

    Node sum() {
      Node left = product();
      while (true) {
        skipSpaces();
        char operator = peek();
        if (operator != '+' && operator != '-') {
          return left;
        }
        position++;
        Node l = left;
        Node r = product();
        left = operator == '+' ? values -> l.evaluate(values) + r.evaluate(values)
            : values -> l.evaluate(values) - r.evaluate(values);
      }
    }

    Node product() {
      Node left = factor();
      while (true) {
        skipSpaces();
        char operator = peek();
        if (operator != '*' && operator != '/') {
          return left;
        }
        position++;
        Node l = left;
        Node r = factor();
        left = operator == '*' ? values -> l.evaluate(values) * r.evaluate(values) : values -> {
          double divisor = r.evaluate(values);
          if (divisor == 0) {
            throw new IllegalArgumentException("division by zero in '" + text + "'");
          }
          return l.evaluate(values) / divisor;
        };
      }
    }

    Node factor() {
      skipSpaces();
      char c = peek();
      if (c == '(') {
        position++;
        Node inner = sum();
        expect(')');
        return inner;
      }
      if (c == '-') {
        position++;
        Node negated = factor();
        return values -> -negated.evaluate(values);
      }
      if (Character.isDigit(c) || c == '.') {
        return number();
      }
      if (Character.isLetter(c)) {
        return nameOrCall();
      }
      throw error(c == 0 ? "the formula ends too early" : "unexpected '" + c + "'");
    }

    private Node number() {
      int start = position;
      while (Character.isDigit(peek()) || peek() == '.') {
        position++;
      }
      double value;
      try {
        value = Double.parseDouble(text.substring(start, position));
      } catch (NumberFormatException e) {
        throw error("'" + text.substring(start, position) + "' is not a number");
      }
      int shift = switch (Character.toLowerCase(peek())) {
        case 'k' -> 10;
        case 'm' -> 20;
        case 'g' -> 30;
        default -> 0;
      };
      if (shift > 0 && !Character.isLetterOrDigit(peekAt(position + 1)) && peekAt(position + 1) != '_') {
        position++;
        value *= 1L << shift;
      }
      double constant = value;
      return values -> constant;
    }

    private Node nameOrCall() {
      int start = position;
      while (Character.isLetterOrDigit(peek()) || peek() == '_') {
        position++;
      }
      String name = text.substring(start, position);
      skipSpaces();
      if (peek() == '(') {
        if (!name.equals("min") && !name.equals("max")) {
          throw error("unknown function '" + name + "'; expected min or max");
        }
        position++;
        List<Node> arguments = new ArrayList<>();
        arguments.add(sum());
        skipSpaces();
        while (peek() == ',') {
          position++;
          arguments.add(sum());
          skipSpaces();
        }
        expect(')');
        boolean max = name.equals("max");
        return values -> {
          double result = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
          for (Node argument : arguments) {
            double value = argument.evaluate(values);
            result = max ? Math.max(result, value) : Math.min(result, value);
          }
          return result;
        };
      }
      if (!variables.contains(name)) {
        throw error("unknown name '" + name + "'; expected one of " + String.join(", ", new java.util.TreeSet<>(
            variables)) + ", or min(...)/max(...)");
      }
      return values -> values.get(name);
    }

    private void expect(char expected) {
      skipSpaces();
      if (peek() != expected) {
        throw error("expected '" + expected + "'");
      }
      position++;
    }

    void skipSpaces() {
      while (position < text.length() && Character.isWhitespace(text.charAt(position))) {
        position++;
      }
    }

    private char peek() {
      return peekAt(position);
    }

    private char peekAt(int index) {
      return index < text.length() ? text.charAt(index) : 0;
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException(what + " at column " + (position + 1) + " of '" + text + "'");
    }
  }
}
