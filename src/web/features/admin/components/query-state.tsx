import { Alert, Button, Center, Loader, Stack } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ApiRequestError } from "../../../lib/http.ts";

/** Loading, error-with-retry, or the content once the data is there. */
export function QueryState<T>(props: {
  query: UseQueryResult<T>;
  /** What is being loaded, for the spinner's label and the error: "de gebruikers". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label={`Bezig met laden van ${props.what}`} />
      </Center>
    );
  }
  if (query.isError) {
    const forbidden = query.error instanceof ApiRequestError && query.error.status === 403;
    return (
      <Alert
        color="red"
        role="alert"
        title={forbidden ? "Geen toegang" : `Laden van ${props.what} lukte niet`}
      >
        <Stack gap="xs" align="flex-start">
          <span>
            {forbidden
              ? "Alleen een beheerder kan de instellingen bekijken en wijzigen."
              : query.error.message}
          </span>
          {!forbidden && (
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => query.refetch()}
              loading={query.isFetching}
            >
              Opnieuw proberen
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return <>{props.children(query.data)}</>;
}
