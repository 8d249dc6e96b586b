'use strict';
/** Finding a section in a run's results, and a server's row in it, by the names the sections give. */

/** The section (or startup case) with `id` in `list`, if it ran. */
function find(list, id) {
  return (list || []).find((s) => s && s.id === id);
}

/** The server row called `name` in `section`, if both exist. */
function server(section, name) {
  return section && section.servers.find((s) => s.name === name);
}

module.exports = { find, server };
