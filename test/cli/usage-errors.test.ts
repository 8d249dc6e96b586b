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
  const result = runCli(['validate', '--format', 'xml']);
  expect(result.status).toBe(1);
  expect(result.stderr).toBe(
    "error: option '--format <format>' argument 'xml' is invalid. Allowed choices are text, json, github.\n(run auth-sim validate --help for usage)\n",
  );
});
