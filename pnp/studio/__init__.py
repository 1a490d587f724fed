"""pnp studio: a local web app over the same loader, kit builder, checker and replay as the CLI."""
