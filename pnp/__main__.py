from pnp.launcher import main

main()
