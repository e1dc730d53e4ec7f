"""The bundled games, one package each; each registers itself with ``bodoge.core.registry``
when imported, and ``bodoge.games()`` lists their names."""
