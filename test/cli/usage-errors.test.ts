import { runCli } from '../helpers/spawn-cli';

test('a misspelt command is named, with the command meant', () => {
  expect(runCli(['servee'])).toEqual({
    status: 1,
    stdout: '',
    stderr: 'auth-sim: unknown command "servee"; did you mean "serve"?\n(run auth-sim --help for the commands)\n',
  });
  expect(runCli(['validat', 'x']).stderr).toBe(
    'auth-sim: unknown command "validat"; did you mean "validate"?\n(run auth-sim --help for the commands)\n',
  );
});

test("a subcommand's usage error points to its own --help", () => {
  const result = runCli(['validate', '--protocol', '9.9']);
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    "error: option '--protocol <version>' argument '9.9' is invalid. Allowed choices are 1.0, 1.1, 1.2, 1.3, 1.4.\n(run auth-sim validate --help for usage)\n",
  );
});
