// Registers the documented examples of every schema (imported once, by the document's options).
import './admin';
import './app-users';
import './catalogue';
import './media';
import './mobile';
