"""Parses each .eml named on the command line with Python's `email` package under the default (strict) policy and
prints, per file, every defect it found (in any part or header) and each attachment's names and content, as JSON."""
import base64
import email
import email.policy
import json
import sys


def header(message, name):
    try:
        return str(message[name])
    except Exception:
        return None


def report(path):
    with open(path, 'rb') as file:
        message = email.message_from_binary_file(file, policy=email.policy.default)
    defects = []
    attachments = []
    for part in message.walk():
        defects += [f'{part.get_content_type()}: {type(defect).__name__}: {defect}' for defect in part.defects]
        for name in part.keys():
            try:
                value = part[name]
            except Exception as error:  # a header so broken that reading it raises is a defect too
                defects.append(f'{name}: {type(error).__name__}: {error}')
                continue
            defects += [f'{name}: {type(defect).__name__}: {defect}' for defect in getattr(value, 'defects', ())]
        if part.get_content_disposition() == 'attachment':
            attachments.append({
                'filename': part.get_filename(),
                'name': part.get_param('name'),
                'contentType': part.get_content_type(),
                'content': base64.b64encode(part.get_payload(decode=True)).decode('ascii'),
            })
    return {
        'defects': defects,
        'subject': header(message, 'subject'),
        'from': header(message, 'from'),
        'attachments': attachments,
    }


json.dump({path: report(path) for path in sys.argv[1:]}, sys.stdout)
